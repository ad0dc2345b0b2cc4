import './leaflet-global';
import 'leaflet/dist/leaflet.css';
import 'leaflet-draw/dist/leaflet.draw.css';
import L from 'leaflet';

export { L };
export { leafletDrawLoaded, loadLeafletDraw } from './leaflet-draw';
