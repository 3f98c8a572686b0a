import { TextLink } from './text-link';
import Typography from '@mui/material/Typography';
import { paths } from '../lib/paths';

const PLACE = 'Settings › Profile';

/**
 * A nutrient report's note (packages/nutrition micronutrients): "Settings › Profile" in it links to the Profile card
 * where sex and birth year are set (issue 42 §4: it named a field Settings did not have).
 */
export function ProfileNote({ text }: { text: string }) {
  const at = text.indexOf(PLACE);
  return (
    <Typography variant="body2" color="text.secondary">
      {at < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <TextLink to={`${paths.settings}#profile`}>{PLACE}</TextLink>
          {text.slice(at + PLACE.length)}
        </>
      )}
    </Typography>
  );
}
