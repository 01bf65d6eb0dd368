// The async boundary (docs/architecture.md#federation): shared singletons (react, the router,
// shared-ui…) are negotiated with the share scope before any module that uses them runs.
void import('./bootstrap');
