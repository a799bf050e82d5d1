// A remortgage's pages after submission (spec §2 routes, §4 "Remortgaging post-submit tiles"):
// Application & Quote, Verify Identity, Upload Documents, Mortgage Report and Completion
// Statement (each with /view). The case pages (features/cases) render TilePage for a tile.
export { TilePage } from './components/TilePage';
export { DOCUMENT_TILES } from './components/IssuedDocumentTile';
