import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The centred card the sign-in, sign-up, verification and reset pages share. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card sx={{ maxWidth: 440, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        <Stack spacing={2.5}>{children}</Stack>
        {footer && <Stack spacing={1} sx={{ mt: 3 }}>{footer}</Stack>}
      </CardContent>
    </Card>
  );
}
