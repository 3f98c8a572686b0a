import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Section {
  heading: string;
  id?: string;
  body: ReactNode;
}

/** A readable long-form page (legal, science, help): one column, comfortable line length. */
export function Article({ title, intro, updated, sections }: { title: string; intro?: ReactNode; updated?: string; sections: Section[] }) {
  return (
    <Box component="article" sx={{ maxWidth: 760, '& p, & li': { lineHeight: 1.7 }, '& ul, & ol': { pl: 3 } }}>
      <Typography variant="h2" component="h1" gutterBottom>
        {title}
      </Typography>
      {updated && (
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Last updated {updated}
        </Typography>
      )}
      {intro && (
        <Typography variant="body1" color="text.secondary" component="div" sx={{ fontSize: '1.1rem', mb: 3 }}>
          {intro}
        </Typography>
      )}
      {sections.map((s) => (
        <Box component="section" key={s.heading} id={s.id} sx={{ mt: 4, scrollMarginTop: 80 }}>
          <Typography variant="h4" component="h2" gutterBottom>
            {s.heading}
          </Typography>
          <Typography component="div" variant="body1">
            {s.body}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
