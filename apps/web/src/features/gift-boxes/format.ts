/** Display helpers of the gift box screens. */

/** Decimal places kept for a picked point: 6 is about 0.1 m, finer than any map click. */
export const coordinateDecimals = 6;

/** A picked latitude or longitude, rounded to what is stored and shown. */
export const roundCoordinate = (n: number) => Number(n.toFixed(coordinateDecimals));

/** A latitude or longitude as the screens show it. */
export const formatCoordinate = (n: number) => n.toFixed(coordinateDecimals);
