import Box from '@mui/material/Box';

/** A drawn phone showing a day's rings and log — decorative, so hidden from screen readers. */
export function HeroIllustration() {
  const ring = (cx: number, r: number, pct: number, color: string) => {
    const c = 2 * Math.PI * r;
    return (
      <g>
        <circle cx={cx} cy={150} r={r} fill="none" stroke={color} strokeOpacity={0.18} strokeWidth={12} />
        <circle cx={cx} cy={150} r={r} fill="none" stroke={color} strokeWidth={12} strokeLinecap="round" strokeDasharray={`${c * pct} ${c}`} transform={`rotate(-90 ${cx} 150)`} />
      </g>
    );
  };
  return (
    <Box component="svg" viewBox="0 0 320 420" aria-hidden sx={{ width: '100%', maxWidth: 340, height: 'auto', display: 'block', mx: 'auto' }}>
      <rect x="40" y="10" width="240" height="400" rx="36" fill="#1b5e20" />
      <rect x="52" y="22" width="216" height="376" rx="26" fill="#f6f8f6" />
      <rect x="130" y="32" width="60" height="8" rx="4" fill="#c8d6c9" />
      <text x="72" y="78" fontSize="16" fontWeight="700" fill="#1b3a1d" fontFamily="system-ui, sans-serif">Today</text>
      <text x="72" y="98" fontSize="11" fill="#5f6f60" fontFamily="system-ui, sans-serif">1,640 of 2,100 kcal</text>
      {ring(160, 46, 0.78, '#2e7d32')}
      {ring(160, 28, 0.62, '#00897b')}
      <text x="160" y="155" fontSize="13" fontWeight="700" textAnchor="middle" fill="#1b3a1d" fontFamily="system-ui, sans-serif">78%</text>
      {[
        ['Breakfast', 'Oatmeal, blueberries', '410'],
        ['Lunch', 'Chicken salad', '620'],
        ['Snack', 'Greek yogurt', '150'],
        ['Dinner', 'Salmon, rice', '460'],
      ].map(([meal, food, kcal], i) => (
        <g key={meal} transform={`translate(68 ${222 + i * 42})`}>
          <rect width="184" height="34" rx="10" fill="#ffffff" stroke="#dfe7df" />
          <circle cx="17" cy="17" r="9" fill={['#a5d6a7', '#80cbc4', '#ffe082', '#90caf9'][i]} />
          <text x="34" y="14" fontSize="9.5" fontWeight="700" fill="#1b3a1d" fontFamily="system-ui, sans-serif">{meal}</text>
          <text x="34" y="27" fontSize="8.5" fill="#5f6f60" fontFamily="system-ui, sans-serif">{food}</text>
          <text x="174" y="21" fontSize="10" fontWeight="700" textAnchor="end" fill="#2e7d32" fontFamily="system-ui, sans-serif">{kcal}</text>
        </g>
      ))}
    </Box>
  );
}
