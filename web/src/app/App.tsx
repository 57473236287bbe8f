import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Landing } from '../routes/Landing';

/** Route table (spec 1 §2). Unknown top-level paths go to /. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </BrowserRouter>
  );
}
