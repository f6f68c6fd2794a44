import { useState, type FormEvent } from "react"
import { Link, useNavigate } from "react-router-dom"
import { Button } from "@/components/ui/button"
import { Field } from "@/components/ui/field"
import { toast } from "@/components/ui/toast"
import { isHttpError } from "@/lib/api-error"
import { useRegister } from "@/lib/auth"

/** 'Create Account' (SPEC 2.3): Full Name (sent as username), Email, Password. */
export function RegisterForm() {
  const navigate = useNavigate()
  const register = useRegister()
  const [form, setForm] = useState({ username: "", email: "", password: "" })

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    register.mutate(form, {
      onSuccess: (body) => {
        toast({ title: "Success", description: body.message, variant: "success" })
        navigate("/auth/login")
      },
      onError: (error) => {
        if (isHttpError(error)) {
          toast({ title: "Error", description: error.message || "Something went wrong!", variant: "destructive" })
        } else {
          toast({ title: "Something went wrong!", variant: "destructive" })
        }
      },
    })
  }

  return (
    <div className="auth-form">
      <div className="auth-form__intro">
        <h1>Create Account</h1>
        <p>
          Already have an account? <Link to="/auth/login">Login</Link>
        </p>
      </div>
      <form className="form" onSubmit={onSubmit}>
        <Field
          label="Full Name"
          name="username"
          autoComplete="name"
          placeholder="Enter your full name"
          required
          value={form.username}
          onChange={set("username")}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          required
          value={form.email}
          onChange={set("email")}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="Enter your password"
          required
          value={form.password}
          onChange={set("password")}
        />
        <Button type="submit" className="form__submit" disabled={register.isPending}>
          {register.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </form>
    </div>
  )
}
