import IconButton from '@mui/material/IconButton';
import { useColorScheme, type Theme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';

// Until the mode is known (a pre-rendered page before hydration), the scheme class that
// public/theme-init.js put on <html> picks the icon.
const onlyInDark = (t: Theme) => ({ display: 'none', ...t.applyStyles('dark', { display: 'inline-block' }) });
const onlyInLight = (t: Theme) => t.applyStyles('dark', { display: 'none' });

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
      {effective === undefined ? (
        <>
          <LightModeIcon sx={onlyInDark} />
          <DarkModeIcon sx={onlyInLight} />
        </>
      ) : effective === 'dark' ? (
        <LightModeIcon />
      ) : (
        <DarkModeIcon />
      )}
    </IconButton>
  );
}
