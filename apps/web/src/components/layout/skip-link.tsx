import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';

/**
 * "Skip to main content": the first Tab stop of every signed-in page (24 Tab presses reached the
 * food search before). Hidden until focused, then shown at the top left.
 */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <Link
      href={`#${target}`}
      onClick={(e) => {
        // Move focus, not only the scroll position, so the next Tab continues inside the page.
        e.preventDefault();
        const el = document.getElementById(target);
        el?.focus();
        el?.scrollIntoView({ block: 'start' });
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (t) => t.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        fontWeight: 600,
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none' },
      }}
    >
      Skip to main content
    </Link>
  );
}

/**
 * A visible focus ring for keyboard users on every control (buttons showed focus only as a faint tint).
 * Here rather than in app/theme.ts, which another part of the app owns; :focus-visible keeps it off
 * mouse clicks.
 */
export function FocusRing() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        // `body` in front: MUI's components reset `outline: 0` with one class, this must outrank it.
        'body :is(a, button, select, textarea, [role="button"], [role="option"], [role="tab"], [role="menuitem"], [tabindex]):focus-visible, body .Mui-focusVisible': {
          outline: `3px solid ${theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.main}`,
          outlineOffset: 2,
        },
        // Text fields already draw a thick coloured border when focused.
        'body .MuiInputBase-input:focus-visible': { outline: 'none' },
        'body #main:focus': { outline: 'none' },
      })}
    />
  );
}
