/** Where test/global-setup.ts tells the test files' processes about the migrated database to copy (see there). */
export const PGLITE_TEMPLATE_ENV = 'NT_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'NT_TEST_PG_TEMPLATE';
