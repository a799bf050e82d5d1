export { AddressLookup } from './components/AddressLookup';
export { UK_POSTCODE } from './postcode';
