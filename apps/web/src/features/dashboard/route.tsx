// Scaffold: replaced by the feature's real page (React Router lazy route module).
export function Component() {
  return <h1>Dashboard</h1>;
}
