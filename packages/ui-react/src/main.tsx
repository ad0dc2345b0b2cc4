import { createMemoryAdapters, sampleSeed } from '@gportal/core/memory';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

// Minimal page proving the wiring (core + in-memory adapters in the browser) until the UI shell lands.
function App() {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    void createMemoryAdapters(sampleSeed())
      .features.getFeatures({ typeName: 'store_33:polygon' })
      .then((set) => setCount(set.features.length));
  }, []);
  return <main>gportal — {count === null ? '加载中…' : `示例图层共 ${count} 个要素`}</main>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
