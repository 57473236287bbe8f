import { areaRouter } from '../../../app/http';
import { handler as listCategories } from '../list-categories';
import { handler as listInstitutions } from '../list-institutions';
import { handler as listServiceTypes } from '../list-service-types';

/** The institutions area's function: its routes (manifest area 'institutions'), dispatched on the event's routeKey. */
export const handler = areaRouter('institutions', [listInstitutions, listServiceTypes, listCategories]);
