// Async boundary (DESIGN §2): shared singletons are negotiated before any of them is evaluated.
import('./bootstrap');
