import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SyntheticEvent } from 'react';
import { TextLink } from '../text-link';
import { paths } from '../../lib/paths';

/** If the 2x attribution image fails, fall back to the 1x image (spec §2); once, to avoid a loop. */
function fallBackTo1x(e: SyntheticEvent<HTMLImageElement>) {
  showOneX(e.currentTarget);
}

/**
 * On a pre-rendered page the image is requested with the HTML, so a failed 2x can fire its error before
 * React hydrates and attaches onError: that event is gone. On attach, an image that has finished
 * without pixels has failed, and falls back the same way.
 */
function fallBackIfAlreadyFailed(img: HTMLImageElement | null) {
  if (img?.complete && img.naturalWidth === 0 && (img.currentSrc || img.src)) showOneX(img);
}

function showOneX(img: HTMLImageElement) {
  if (img.dataset.fellBack) return;
  img.dataset.fellBack = '1';
  img.srcset = '';
  img.src = '/food-data-attribution.png';
}

/** Copyright and the food-data attribution (USDA SR21 and Open Food Facts). */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, px: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2">
        © 2025 Nutrition Tracker ·{' '}
        <TextLink to={paths.privacyPolicy} style={{ color: "inherit" }}>
          Privacy
        </TextLink>{' '}
        ·{' '}
        <TextLink to={paths.termsOfService} style={{ color: "inherit" }}>
          Terms
        </TextLink>
      </Typography>
      <TextLink to={`${paths.science}#data`} aria-label="Food data sources: USDA and Open Food Facts" sx={{ display: 'inline-flex' }}>
        <img
          src="/food-data-attribution.png"
          srcSet="/food-data-attribution.png 1x, /food-data-attribution@2x.png 2x"
          width={200}
          height={40}
          alt="Food data powered by USDA and Open Food Facts"
          onError={fallBackTo1x}
          ref={fallBackIfAlreadyFailed}
          style={{ display: 'block', height: 40, width: 200 }}
        />
      </TextLink>
    </Box>
  );
}
