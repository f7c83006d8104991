/** Messages shared by server code and client components (no server imports here). */
export const INVALID_RESET_MESSAGE = "Este link de redefinição de senha é inválido ou expirou.";
