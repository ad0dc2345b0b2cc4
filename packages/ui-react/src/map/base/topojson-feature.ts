/** topojson-client's `feature`, imported on demand through this module: a dynamic import of the package would keep all of it (mesh, merge, quantize …) in the chunk. */
export { feature } from 'topojson-client';
