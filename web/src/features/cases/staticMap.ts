import type { StaticMaps } from '../../lib/config';

/** The points of interest the cards' maps leave out, so the property's street is what shows. */
const HIDDEN_FEATURES = ['poi.business', 'poi.park', 'poi.attraction'];

/**
 * CALLS-62: the static map of a property's postcode from the maps service (Google's Maps
 * Static API): zoom 17, scale 4, roadmap, with businesses, parks and attractions hidden.
 */
export function staticMapUrl(maps: StaticMaps, postcode: string, width: number, height: number) {
  const url = new URL(maps.url);
  const query = url.searchParams;
  query.set('center', `${postcode}, UK`);
  query.set('zoom', '17');
  query.set('scale', '4');
  query.set('size', `${width}x${height}`);
  query.set('maptype', 'roadmap');
  for (const feature of HIDDEN_FEATURES) query.append('style', `feature:${feature}|visibility:off`);
  query.set('key', maps.key);
  return url.toString();
}
