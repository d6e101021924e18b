import type { paths } from '../../contracts/api';
import type { AppError } from '../../contracts/errors';

type DetailAnswer = paths['/service-request/buildings/{id}/service-request/{requestId}']['get']['responses'][200]['content']['application/json'];

/** A service request as its detail answers it: the request, its status timeline and its photos' links (issue 26). */
export type ServiceRequestDetail = DetailAnswer['data'];
/** One entry of the timeline: a status, when, and who (the person who filed it, or the building team with a name). */
export type StatusChange = ServiceRequestDetail['timeline'][number];
/** A photo of the request: its name, type, size and link (read with the person's bearer). */
export type RequestPhoto = ServiceRequestDetail['photos'][number];

export interface ServiceRequestDetailInput {
  buildingUuid: string;
  requestUuid: string;
}

export interface ServiceRequestDetailContext extends ServiceRequestDetailInput {
  request: ServiceRequestDetail | null;
  /** The photos read so far: a local address (an object URL) to show each by, by photo id. */
  shown: Record<string, string>;
  /** The photos that could not be read. */
  unshown: string[];
  error: AppError | null;
}

export type ServiceRequestDetailEvent =
  { type: 'user.retry' } | { type: 'photo.shown'; id: string; url: string } | { type: 'photo.unshown'; id: string };

export type ServiceRequestDetailTag = 'loading' | 'failed' | 'notFound' | 'ready';

/** How one photo shows: being read, shown, or not (a placeholder with its name). */
export type PhotoView = 'loading' | 'shown' | 'unshown';
