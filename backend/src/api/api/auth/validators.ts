import { z } from "@medusajs/framework/zod"

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Please enter a valid email address" }))
  .transform((value) => value.toLowerCase())

export const RegisterSchema = z
  .object({
    username: z
      .string({ error: "Full name is required" })
      .trim()
      .min(1, "Full name is required")
      .max(100, "Full name must be at most 100 characters"),
    email,
    password: z
      .string({ error: "Password is required" })
      .min(6, "Password must be at least 6 characters")
      .max(128, "Password must be at most 128 characters"),
  })
  .strict()

export const LoginSchema = z
  .object({
    email,
    password: z
      .string({ error: "Password is required" })
      .min(1, "Password is required")
      .max(128, "Incorrect email or password"),
  })
  .strict()

export type RegisterBody = z.infer<typeof RegisterSchema>
export type LoginBody = z.infer<typeof LoginSchema>
