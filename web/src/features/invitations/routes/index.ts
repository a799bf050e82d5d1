// A gift donor's own page, loaded lazily by the router (the modal overlay loads with the shell).
export { DonorGiftPage, DonorGiftRoute } from './DonorGiftPage';
