export { AddressLookup } from './components/AddressLookup';
