// A case's pages after submission (spec §2 routes, §4 post-submit tiles): a remortgage's
// Application & Quote, Verify Identity, Upload Documents, Mortgage Report and Completion
// Statement; a purchase's Application & Quote, Client Care Letter, Upload Documents, Deposit,
// Verify Identity, Searches, Contract Pack and Completion Statement (each document with /view).
// The case pages (features/cases) render TilePage for a tile.
export { TilePage } from './components/TilePage';
export { DOCUMENT_TILES } from './components/IssuedDocumentTile';
export { DownloadButton } from './components/DocumentActions';
