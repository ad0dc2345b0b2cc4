import { antdSheet } from '@gportal/ui-react/antd-sheet';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// Inside this repository the @gportal packages resolve to their TypeScript sources through the
// `gportal:source` export condition (no build of the libraries needed). An app of your own that
// installs them needs no conditions: @gportal/ui-react ships sources for the bundler either way.
const conditions = ['gportal:source', ...defaultClientConditions];

export default defineConfig({
  // antd's prebuilt sheet, which the editor's zero-runtime theme needs, cut to the components the
  // editor shows (0.98 MB → 0.43 MB). An app showing other antd components inside the editor
  // names them: antdSheet({ keep: ['select'] }).
  plugins: [react(), antdSheet()],
  resolve: { conditions },
  ssr: { resolve: { conditions: ['gportal:source', ...defaultServerConditions] } },
  // One screen: React, antd and Leaflet in one chunk of about 1 MB is what this app is.
  build: { chunkSizeWarningLimit: 1500 },
  server: { host: '127.0.0.1', port: 5174 },
  preview: { host: '127.0.0.1', port: 4174 },
});
