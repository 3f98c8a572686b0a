import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';

/**
 * Switches between light and dark; until the user picks, the system setting decides. A native `title`
 * instead of MUI's Tooltip keeps Popper out of the first page.
 */
export function ColorModeButton() {
  const { mode, systemMode, setMode } = useColorScheme();
  const effective = mode === 'system' ? systemMode : mode;
  const next = effective === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  return (
    <IconButton aria-label={label} title={label} onClick={() => setMode(next)}>
      {effective === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}
