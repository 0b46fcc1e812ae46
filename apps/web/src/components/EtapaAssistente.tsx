import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import { Box, Button, Stack, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';

/** What a wizard keeps in the URL besides its step: the choices made so far (null removes one). */
export type EscolhasUrl = Record<string, string | number | null>;

/** The step in `?etapa=` (counted from 1), as an index; anything else is the first step. */
function lerEtapa(texto: string | null, total: number): number {
  const numero = Number(texto);
  return Number.isInteger(numero) && numero >= 1 && numero <= total ? numero - 1 : 0;
}

/**
 * A wizard's current step, kept in the URL (`?etapa=2`, with the choices the wizard adds), so that the browser's Back
 * goes to the previous step and a reload stays on it. `passoPossivel` is the furthest step the choices in the URL
 * allow (null while that is still being loaded): a URL asking for a later one goes back to it, replacing the entry.
 * The step's error is cleared when the step changes. Screen-reader and keyboard users are taken to the new step's
 * title, whose ref is `refTitulo` (not on the first render).
 */
export function useAssistente(total: number, passoPossivel: number | null = total - 1) {
  const [parametros] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // While another navigation is under way the URL read here is the old one: it is not corrected then.
  const navegando = useNavigation().state !== 'idle';
  const pedido = lerEtapa(parametros.get('etapa'), total);
  const passo = passoPossivel === null ? pedido : Math.min(pedido, passoPossivel);
  const [erro, setErro] = useState<string | null>(null);
  const refTitulo = useRef<HTMLHeadingElement>(null);
  const passoAnterior = useRef(passo);

  useEffect(() => {
    if (passoAnterior.current !== passo) {
      setErro(null);
      refTitulo.current?.focus();
    }
    passoAnterior.current = passo;
  }, [passo]);

  /**
   * Writes the step and the choices; `substituir` replaces the history entry instead of adding one. Resolves when the
   * navigation is done, so a screen can clear what it keeps of the old step only then.
   */
  function escrever(indice: number, escolhas: EscolhasUrl, substituir: boolean): Promise<void> {
    const novos = new URLSearchParams(parametros);
    for (const [nome, valor] of Object.entries(escolhas)) {
      if (valor === null || valor === '') novos.delete(nome);
      else novos.set(nome, String(valor));
    }
    novos.set('etapa', String(indice + 1));
    return Promise.resolve(
      navigate(
        { search: `?${novos}` },
        substituir ? { replace: true, state: location.state } : { state: { etapaAnterior: passo } },
      ),
    );
  }

  useEffect(() => {
    if (!navegando && passoPossivel !== null && pedido > passoPossivel) void escrever(passoPossivel, {}, true);
  });

  /**
   * Goes to a step, with the choices that lead there. Forward adds a history entry; back to the step this entry came
   * from is the browser's Back itself, so the two stay the same thing.
   */
  function irPara(indice: number, escolhas: EscolhasUrl = {}, opcoes: { substituir?: boolean } = {}): Promise<void> {
    setErro(null);
    const anterior = (location.state as { etapaAnterior?: unknown } | null)?.etapaAnterior;
    if (indice < passo && anterior === indice && Object.keys(escolhas).length === 0 && !opcoes.substituir) {
      return Promise.resolve(navigate(-1));
    }
    return escrever(indice, escolhas, opcoes.substituir ?? indice < passo);
  }

  /** The choices in the URL, as written by `irPara`. */
  const escolha = (nome: string) => parametros.get(nome);

  return { passo, irPara, escolha, erro, setErro, refTitulo };
}

interface EtapaAssistenteProps {
  /** The wizard's steps, in order. */
  passos: readonly string[];
  indice: number;
  /** The step's h2: the page moves the focus there when the step changes. */
  refTitulo: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
  aoEnviar?: (evento: FormEvent) => void;
  /** Shows "Voltar", which calls it. */
  aoVoltar?: () => void;
  /** The submit button; "Próximo" when omitted. */
  botaoEnviar?: ReactNode;
}

/** One step of a wizard, in a form: its h2 ("Passo 2 de 3: …"), the content, "Voltar" and the submit button. */
export function EtapaAssistente({
  passos,
  indice,
  refTitulo,
  children,
  aoEnviar,
  aoVoltar,
  botaoEnviar,
}: EtapaAssistenteProps) {
  return (
    <Box component="form" noValidate onSubmit={aoEnviar ?? ((evento) => evento.preventDefault())}>
      <Typography
        ref={refTitulo}
        id="titulo-etapa"
        component="h2"
        variant="h6"
        tabIndex={-1}
        sx={{ mb: 2, outline: 'none' }}
        data-testid="titulo-etapa"
      >
        Passo {indice + 1} de {passos.length}: {passos[indice]}
      </Typography>
      <Stack spacing={3}>
        {children}
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {aoVoltar ? (
            <Button type="button" startIcon={<ArrowBackOutlined />} onClick={aoVoltar}>
              Voltar
            </Button>
          ) : null}
          {botaoEnviar ?? (
            <Button type="submit" variant="contained" endIcon={<ArrowForwardOutlined />}>
              Próximo
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
