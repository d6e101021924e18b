import type { Resource, ResourceKind } from './bookResource.types';

/** Rooms, then desks, then spaces (amenities): the server's order of kinds. */
export const RESOURCE_KIND_ORDER: readonly ResourceKind[] = ['room', 'desk', 'amenity'];

/** The resources shown, by kind in that order: all kinds, or the one chosen; a kind with none is left out. */
export function resourcesByKind(resources: readonly Resource[], kind: ResourceKind | null): { kind: ResourceKind; resources: Resource[] }[] {
  return RESOURCE_KIND_ORDER.filter((k) => kind === null || k === kind)
    .map((k) => ({ kind: k, resources: resources.filter((r) => r.kind === k) }))
    .filter((group) => group.resources.length > 0);
}

/** Desks by where they are: one group per floor and zone, in the server's order ("" for none given). */
export function desksByPlace(desks: readonly Resource[]): { floor: string | null; zone: string | null; resources: Resource[] }[] {
  const groups: { floor: string | null; zone: string | null; resources: Resource[] }[] = [];
  for (const desk of desks) {
    const group = groups.find((g) => g.floor === desk.floor && g.zone === desk.zone);
    if (group) group.resources.push(desk);
    else groups.push({ floor: desk.floor, zone: desk.zone, resources: [desk] });
  }
  return groups;
}
