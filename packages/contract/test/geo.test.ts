import { describe, expect, it } from 'vitest';
import { earthRadiusM, greatCircleMetres } from '../src/geo.js';

describe('greatCircleMetres (the gift boxes’ distance, docs/behaviour.md §11)', () => {
  it('is 0 at the same point and the same either way', () => {
    const a = { latitude: 59.3293, longitude: 18.0686 };
    const b = { latitude: 57.7089, longitude: 11.9746 };
    expect(greatCircleMetres(a, a)).toBe(0);
    expect(greatCircleMetres(a, b)).toBeCloseTo(greatCircleMetres(b, a), 6);
    // Stockholm to Gothenburg: about 397 km as the crow flies.
    expect(Math.round(greatCircleMetres(a, b) / 1000)).toBe(397);
  });

  it('measures a degree of latitude as the sphere’s arc, and across the antimeridian the short way', () => {
    const arc = (Math.PI / 180) * earthRadiusM;
    expect(greatCircleMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(arc, 6);
    expect(greatCircleMetres({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(
      arc,
      6,
    );
    // At a pole every longitude is the same point.
    expect(greatCircleMetres({ latitude: 90, longitude: 0 }, { latitude: 90, longitude: 120 })).toBeCloseTo(0, 6);
  });
});
