import { Link as RouterLink } from 'react-router';
import { styled } from '@mui/material/styles';

/**
 * An in-app text link in the theme's colours. MUI's Link adds ~1.5 KB gzip to the first page for
 * behaviour a plain anchor already has.
 */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  color: theme.vars ? theme.vars.palette.primary.main : theme.palette.primary.main,
  textDecorationColor: 'currentColor',
  textUnderlineOffset: 2,
  borderRadius: 2,
  '&:focus-visible': { outline: `2px solid currentColor`, outlineOffset: 2 },
}));
