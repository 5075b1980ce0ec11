import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyStoredColorScheme } from './colorScheme';
import './index.css';

applyStoredColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
