/**
 * The origin of the map's tiles as a CSP source, for helmet's img-src: scheme and host (and port)
 * of the tile URL template. Leaflet's `{s}` subdomain placeholder, and any other placeholder in the
 * host, can only be a wildcard of the leftmost labels in CSP: https://{s}.tile.example.org/{z}/{x}/{y}.png
 * gives https://*.tile.example.org. Undefined when the template has no usable http(s) host.
 */
export function mapTileOrigin(tileUrl: string): string | undefined {
  const match = /^(https?):\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(tileUrl.trim());
  if (!match) return undefined;
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!.toLowerCase();
  const portAt = authority.search(/:\d+$/);
  const host = portAt === -1 ? authority : authority.slice(0, portAt);
  const port = portAt === -1 ? '' : authority.slice(portAt);
  const labels = host.split('.');
  const lastTemplated = labels.findLastIndex((label) => label.includes('{'));
  if (lastTemplated === -1) return `${scheme}://${host}${port}`;
  const fixed = labels.slice(lastTemplated + 1);
  // A wildcard needs at least a registrable name after it (no https://*.org, no bare *).
  if (fixed.length < 2 || fixed.some((label) => !/^[a-z0-9-]+$/.test(label))) return undefined;
  return `${scheme}://*.${fixed.join('.')}${port}`;
}
