import { Component, type ErrorInfo, type ReactNode } from "react"
import { MainErrorFallback } from "./main-error-fallback"

/** Catches render errors outside the router (providers, router setup). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unexpected render error", error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <MainErrorFallback /> : this.props.children
  }
}
