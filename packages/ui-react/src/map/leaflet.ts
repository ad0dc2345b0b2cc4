import './leaflet-global';
import 'leaflet/dist/leaflet.css';
import 'leaflet-draw/dist/leaflet.draw.css';
import L from 'leaflet';

// A static import would not do: the bundler may place leaflet-draw's script before Leaflet's
// (CommonJS) module has run and before the global is set. Loaded here, it runs after both.
// leaflet-draw draws new shapes only; the edited copy is `VertexEditor`'s.
await import('leaflet-draw');

export { L };
