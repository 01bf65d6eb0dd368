// Building the OpenAPI document from the route declarations (no SQL, no transaction: the
// module's one piece of logic).
export { BODY_EXAMPLES } from './body-examples';
export { buildOpenApiDocument } from './document';
export { exampleOf } from './example';
