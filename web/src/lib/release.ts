/** The release this bundle was built as (from ../VERSION or THRESHOLD_RELEASE at build time). */
export const RELEASE_VERSION: string =
  typeof __THRESHOLD_RELEASE__ === 'string' ? __THRESHOLD_RELEASE__ : '0.0.0-dev';
