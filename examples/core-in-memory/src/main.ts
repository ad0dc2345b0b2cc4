/**
 * Prints the town-area report of the sample towns (or of another layer of the sample data).
 *
 *   npm start -w examples/core-in-memory
 *   npm start -w examples/core-in-memory -- --layer store_33:multipolygon
 */
import { parseArgs } from 'node:util';
import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { editFeaturesInMemory } from './edit-features-in-memory.js';
import { townAreaReport } from './town-area-report.js';

const { values } = parseArgs({ options: { layer: { type: 'string', default: 'store_33:polygon' }, edit: { type: 'boolean' } } });

if (values.edit) {
  console.log(await editFeaturesInMemory());
} else {
  try {
    const report = await townAreaReport(createMemoryAdapters(sampleSeed()).features, { typeName: values.layer });
    for (const town of report.towns) console.log(`${town.name}\t${town.area}`);
    console.log(`${report.towns.length} towns of ${report.typeName}: ${report.total}`);
  } catch (error) {
    // The core's typed errors (ValidationError for a layer of points, NotFoundError for none) read as sentences.
    console.error(`town-area report: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
