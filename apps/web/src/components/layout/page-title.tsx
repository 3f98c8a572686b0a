import Typography, { type TypographyProps } from '@mui/material/Typography';

const SIZE = { fontSize: { xs: '1.75rem', sm: '2.25rem' } } as const;

/** A signed-in page's one h1, the same size on every page (28 px on a phone, 36 px from 600 px up). */
export function PageTitle({ sx, ...props }: Omit<TypographyProps<'h1'>, 'variant' | 'component'>) {
  return <Typography variant="h1" sx={[SIZE, ...(Array.isArray(sx) ? sx : [sx])]} {...props} />;
}
