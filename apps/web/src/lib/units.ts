/** Weights travel in kg; the `units` setting decides what the user sees and types. */
export type Units = 'metric' | 'imperial';
export const KG_PER_LB = 0.45359237;

export const toDisplay = (kg: number, units: Units) => Math.round((units === 'imperial' ? kg / KG_PER_LB : kg) * 10) / 10;
export const fromDisplay = (value: number, units: Units) => Math.round((units === 'imperial' ? value * KG_PER_LB : value) * 1000) / 1000;
export const unitLabel = (units: Units) => (units === 'imperial' ? 'lb' : 'kg');
export const formatWeight = (kg: number, units: Units) => `${toDisplay(kg, units)} ${unitLabel(units)}`;
