import { Button } from "@/components/ui/button"

/** The generic screen for an unexpected render error (SPEC 2.1). */
export function MainErrorFallback() {
  return (
    <main className="error-screen" role="alert">
      <h1>Something went wrong</h1>
      <p>We're sorry, an unexpected error occurred. Please try again or return to the homepage.</p>
      <div className="error-screen__actions">
        <Button onClick={() => window.location.assign("/")}>Return to Homepage</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </main>
  )
}
