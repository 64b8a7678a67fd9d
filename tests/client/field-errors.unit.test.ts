import { ApiError } from "@/client/request";
import { fieldOfError } from "@/client/field-errors";

const FIELDS = ["name", "email", "password"] as const;
const zod400 = (path: unknown[]) => new ApiError(400, JSON.stringify({ success: false, error: "x", issues: [{ path, message: "x" }] }), "Bad Request");

describe("fieldOfError", () => {
  it("names the field of a zod refusal when the form has it", () => {
    expect(fieldOfError(zod400(["name"]), FIELDS, "email")).toBe("name");
    expect(fieldOfError(zod400(["password"]), FIELDS, "email")).toBe("password");
  });

  it("falls back for other fields, other statuses, bodies without issues and non-API errors", () => {
    expect(fieldOfError(zod400(["invite"]), FIELDS, "email")).toBe("email");
    expect(fieldOfError(zod400([]), FIELDS, "email")).toBe("email");
    expect(fieldOfError(new ApiError(409, JSON.stringify({ error: "taken", issues: [{ path: ["name"] }] }), "Conflict"), FIELDS, "email")).toBe("email");
    expect(fieldOfError(new ApiError(400, "not json", "Bad Request"), FIELDS, "password")).toBe("password");
    expect(fieldOfError(new TypeError("Failed to fetch"), FIELDS, "email")).toBe("email");
  });
});
