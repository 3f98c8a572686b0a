package com.example.nutritiontracker;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
