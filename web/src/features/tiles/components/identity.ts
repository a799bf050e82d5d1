import { runtimeConfig } from '../../../lib/config';

/** The server's types for identity evidence (only the uploader and the firm can see them). */
export const IDENTITY_DOCUMENTS = { photoId: 'PHOTO_ID', selfie: 'SELFIE' } as const;

/** The firm's identity provider checks identities (not the firm's review of uploads). */
export const electronicCheck = () => runtimeConfig().identityProvider !== 'MANUAL';
