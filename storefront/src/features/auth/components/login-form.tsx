import { useState, type FormEvent } from "react"
import { Link, useNavigate } from "react-router-dom"
import { Button } from "@/components/ui/button"
import { Field } from "@/components/ui/field"
import { toast } from "@/components/ui/toast"
import { isHttpError } from "@/lib/api-error"
import { useLogin } from "@/lib/auth"

/** 'Sign In' (SPEC 2.3): email and password; on success the server's message and off to /. */
export function LoginForm() {
  const navigate = useNavigate()
  const login = useLogin()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    login.mutate(
      { email, password },
      {
        onSuccess: (body) => {
          toast({ title: body.message || "Logged in successfully", variant: "success" })
          navigate("/")
        },
        onError: (error) => {
          // An answer from the server: its message; anything else is an exception.
          const message = isHttpError(error) ? error.message || "Login failed!" : "Something went wrong!"
          toast({ title: message, variant: "destructive" })
        },
      }
    )
  }

  return (
    <div className="auth-form">
      <div className="auth-form__intro">
        <h1>Sign In</h1>
        <p>
          Don&apos;t have an account? <Link to="/auth/register">Register</Link>
        </p>
      </div>
      <form className="form" onSubmit={onSubmit}>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Enter your password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" className="form__submit" disabled={login.isPending}>
          {login.isPending ? "Signing In..." : "Sign In"}
        </Button>
      </form>
    </div>
  )
}
