"use client";

/**
 * The root layout itself failed: no styles or providers are available, so this page brings its
 * own document, in Portuguese, with the colours of both themes.
 */
export default function GlobalError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="pt-BR">
      <head>
        <title>Erro — Agenda</title>
        <meta name="color-scheme" content="light dark" />
      </head>
      <body style={{ fontFamily: "system-ui, sans-serif", margin: 0, minHeight: "100dvh", display: "grid", placeItems: "center", padding: 24 }}>
        <main style={{ maxWidth: 480, textAlign: "center" }}>
          <h1 style={{ fontSize: 24 }}>Erro ao carregar dados</h1>
          <p>Não foi possível mostrar esta página agora. Tente de novo em instantes.</p>
          {error.digest ? <p style={{ fontSize: 12 }}>Código: {error.digest}</p> : null}
          <button type="button" onClick={retry} style={{ font: "inherit", padding: "8px 16px", cursor: "pointer" }}>
            Tentar novamente
          </button>
        </main>
      </body>
    </html>
  );
}
