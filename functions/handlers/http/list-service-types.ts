import { httpHandler, json } from '../../app/http';
import { serviceTypes } from '../../services/institutions';
import { ROUTES } from '../manifest';

/** GET /api/service-types: the service types of spec 2 §3 (id, code, name). */
export const handler = httpHandler(ROUTES.ListServiceTypes, {}, async () =>
  json(200, { service_types: await serviceTypes() }),
);
