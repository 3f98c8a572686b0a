import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { store } from './store';

function Starting() {
  return <p style={{ fontFamily: 'system-ui', margin: '3rem' }}>Nutrition Tracker is starting…</p>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <Starting />
    </Provider>
  </StrictMode>,
);
