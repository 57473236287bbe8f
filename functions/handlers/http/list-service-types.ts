import { serviceTypes } from '../../services/institutions';
import { httpHandler, json } from '../../shared/http';

/** GET /api/service-types: the service types of spec 2 §3 (id, code, name). */
export const handler = httpHandler({}, async () => json(200, { service_types: await serviceTypes() }));
