import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Box from '@mui/material/Box';
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
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>{children}</Box>
        {footer && <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 3 }}>{footer}</Box>}
      </CardContent>
    </Card>
  );
}
