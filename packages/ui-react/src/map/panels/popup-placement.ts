/**
 * Where a feature's popup opens so that the map never moves under the user: above the clicked
 * point as Leaflet puts it, below it where the space above is too short (the toolbar's buttons in
 * the way, the map's top edge), and shifted sideways to stay inside the map, its tip still pointing at the
 * point. Leaflet's own answer is to pan the map until the popup fits (`autoPan`), which moves the
 * features away from where the user was looking; this is only for a point in view (a point out of
 * view still needs the pan).
 */

/** Leaflet's popup geometry (leaflet.css and `Popup.options.offset`), in px. */
const LEAFLET_OFFSET_Y = 7;
/** From the anchored point to the content's near edge: the tip's height less its default offset. */
const TIP_REACH = 13;
/** How close to its content's edge the tip may move (its own half width and the rounded corner). */
const TIP_INSET = 32;

/** A box on the map, in the container's pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const meets = (a: Box, b: Box, gap: number) => a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

export interface PopupPlacementInput {
  /** The clicked point, in the map container's pixels. */
  point: { x: number; y: number };
  /** The popup's content box (Leaflet's `.leaflet-popup-content-wrapper`), in px. */
  size: { width: number; height: number };
  /** The map container's size, in px. */
  map: { width: number; height: number };
  /** Boxes over the map a popup must not cover (the toolbar's buttons), in the container's px. */
  obstacles: readonly Box[];
  /** Kept between the popup and the map's edges, in px. */
  margin: number;
}

export interface PopupPlacement {
  /** Leaflet's `offset` option for the popup. */
  offset: [number, number];
  /** Opened below the point (its tip on its top edge). */
  below: boolean;
  /** How far the tip moves from the content's middle to stay on the point (px, + to the right). */
  tipShift: number;
}

/** The placement of a popup of `size` at `point` that keeps it inside the map without moving the map. */
export function popupPlacement({ point, size, map, obstacles, margin }: PopupPlacementInput): PopupPlacement {
  // Centred on the point unless that crosses an edge; a popup wider than the map keeps its left edge in.
  const centred = point.x - size.width / 2;
  const maxLeft = Math.max(map.width - margin - size.width, margin);
  const shifted = Math.max(Math.min(centred, maxLeft), margin);
  const reach = Math.max(size.width / 2 - TIP_INSET, 0);
  const gap = margin / 2;
  const aboveY = point.y - TIP_REACH - size.height;
  const belowY = point.y + TIP_REACH;
  const clear = (box: Box) => !obstacles.some((obstacle) => meets(box, obstacle, gap));
  // Where the popup may sit sideways: as shifted, or just past an obstacle, its tip still on the point.
  const lefts = [shifted, ...obstacles.flatMap((obstacle) => [obstacle.x + obstacle.width + gap, obstacle.x - gap - size.width])]
    .filter((x) => x >= margin && x <= maxLeft && Math.abs(x + size.width / 2 - point.x) <= reach + Math.abs(shifted - centred))
    .sort((a, b) => Math.abs(a - shifted) - Math.abs(b - shifted));
  const place = (x: number, below: boolean): PopupPlacement => {
    const dx = Math.round(x - centred);
    return { offset: [dx, below ? LEAFLET_OFFSET_Y + size.height + 2 * TIP_REACH : LEAFLET_OFFSET_Y], below, tipShift: Math.max(Math.min(-dx, reach), -reach) || 0 };
  };
  for (const below of [false, true]) {
    const y = below ? belowY : aboveY;
    if (y < margin || y + size.height > map.height - margin) continue;
    const x = lefts.find((left) => clear({ x: left, y, width: size.width, height: size.height }));
    if (x !== undefined) return place(x, below);
  }
  // Nowhere whole: the side with more room, counted to the edge or to the nearest obstacle in its way.
  const column = (y: number, height: number): Box => ({ x: shifted, y, width: size.width, height });
  const roomAbove = point.y - TIP_REACH - Math.max(margin, ...obstacles.filter((obstacle) => obstacle.y < point.y && meets(column(0, point.y), obstacle, 0)).map((obstacle) => obstacle.y + obstacle.height));
  const roomBelow = Math.min(map.height - margin, ...obstacles.filter((obstacle) => obstacle.y > point.y && meets(column(point.y, map.height), obstacle, 0)).map((obstacle) => obstacle.y)) - point.y - TIP_REACH;
  return place(shifted, roomBelow > roomAbove);
}
