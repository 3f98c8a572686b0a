/** Styles that keep content for screen readers only: it is read, never seen (a table behind a chart, a column name). */
// '1px', not 1: in sx a width or height of 1 means 100%.
export const srOnly = { position: 'absolute', width: '1px', height: '1px', p: 0, m: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;
