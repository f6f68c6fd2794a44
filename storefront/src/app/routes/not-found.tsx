import { Link } from "react-router-dom"

export function NotFoundRoute() {
  return (
    <main className="not-found">
      <h1>page not found</h1>
      <Link to="/">Return to Homepage</Link>
    </main>
  )
}
