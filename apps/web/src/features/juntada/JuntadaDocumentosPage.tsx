import { zodResolver } from '@hookform/resolvers/zod';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { Alert, Button, Paper, Step, StepLabel, Stepper, Typography } from '@mui/material';
import {
  MENSAGENS,
  motivoTipoJuntadaRecusado,
  TIPO_JUNTADA_ANEXAR,
  TIPO_JUNTADA_APENSAR,
  TIPOS_AGREGACAO,
  type TipoAgregacao,
} from '@tramite/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { EtapaAssistente, useAssistente } from '../../components/EtapaAssistente';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoOpcoesControlado } from '../../components/formulario/CampoOpcoesControlado';
import { Pagina } from '../../components/Pagina';
import { ErroHttp, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumentoDaRotaComDados } from '../documentos/api';
import { useCandidatos, useClasseJuntada, useJuntar } from './api';
import { EtapaDocumentoJuntada } from './EtapaDocumentoJuntada';
import { type CamposJuntada, juntadaSchema, TEXTOS } from './formulario-juntada';

const PASSOS = ['Tipo de juntada', 'Documento', 'Confirmação'] as const;

const ACOES: Record<TipoAgregacao, { rotulo: string; verbo: string; descricao: string }> = {
  ANEXACAO: {
    rotulo: 'Anexar',
    verbo: 'anexado',
    descricao: 'O documento passa a fazer parte deste processo; a anexação pode ser desfeita depois (desanexar).',
  },
  APENSACAO: {
    rotulo: 'Apensar',
    verbo: 'apensado',
    descricao: 'O documento acompanha este, mas mantém sua identidade e pode ser desapensado depois.',
  },
};

const opcaoTipo = (chave: TipoAgregacao) => ({
  valor: chave,
  rotulo: (
    <span>
      <strong>{ACOES[chave].rotulo}</strong> — {ACOES[chave].descricao}
    </span>
  ),
});

/** A kind of join read from the URL, or null. */
const lerTipo = (texto: string | null): TipoAgregacao | null =>
  (TIPOS_AGREGACAO as readonly string[]).includes(texto ?? '') ? (texto as TipoAgregacao) : null;

/** A document id read from the URL, or null. */
function lerId(texto: string | null): number | null {
  const numero = Number(texto);
  return texto && Number.isSafeInteger(numero) && numero > 0 ? numero : null;
}

/** Spec §8 "Joining": a 500 shows the server's message; any other failure, the generic one. */
function mensagemErroJuntada(erro: unknown): string {
  return erro instanceof ErroHttp && erro.status === 500 && erro.mensagemServidor
    ? erro.mensagemServidor
    : MENSAGENS.juntada.erroDesconhecido;
}

/**
 * Spec §2, §4 and §5 "Joining": attach (anexar, tipo X) or append (apensar) another document of the user's unit to
 * this one. Starts at step 1; after a success the user goes to the document's information screen.
 */
export function JuntadaDocumentosPage() {
  const { documentId, idDocumento, documento } = useDocumentoDaRotaComDados();
  const juntar = useJuntar(idDocumento ?? 0);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  useErroConsulta(documento.error, (erro) => mensagemDoErro(erro, TEXTOS.erroDocumento));

  // The choices in the URL (issue 19, item 10): the kind of join, the number searched and the document chosen.
  const [parametros] = useSearchParams();
  const tipoUrl = lerTipo(parametros.get('tipo'));
  const numeroUrl = parametros.get('numero')?.trim() || null;
  const idUrl = lerId(parametros.get('documento'));
  const classe = useClasseJuntada(idDocumento);
  const candidatos = useCandidatos(idDocumento, numeroUrl);
  const motivos = Object.fromEntries(
    TIPOS_AGREGACAO.map((chave) => [chave, classe.data ? motivoTipoJuntadaRecusado(chave, classe.data) : null]),
  ) as Record<TipoAgregacao, string | null>;
  const tiposPermitidos = TIPOS_AGREGACAO.filter((chave) => motivos[chave] === null);

  const { passo, irPara, erro, setErro, refTitulo } = useAssistente(PASSOS.length, passoPossivel());
  const formulario = useForm<CamposJuntada>({
    resolver: zodResolver(juntadaSchema),
    defaultValues: { tipo: tipoUrl, numero: numeroUrl ?? '', idDocumento: idUrl },
    shouldFocusError: false,
  });
  const { control, getValues, setValue, trigger } = formulario;
  const [tipo, idEscolhido] = useWatch({ control, name: ['tipo', 'idDocumento'] });
  const [confirmando, setConfirmando] = useState(false);
  const lista = numeroUrl ? (candidatos.data ?? null) : null;
  const idConfirmado = passo === 2 ? idUrl : idEscolhido;
  const selecionado = lista?.find((candidato) => candidato.idDocumento === idConfirmado) ?? null;
  const etapa = (indice: number) => ({ passos: PASSOS, indice, refTitulo });

  /**
   * How far the choices in the URL go (null while the type's rule or the search is loading): a kind of join the
   * document takes, then a document the search of that number still finds.
   */
  function passoPossivel(): number | null {
    if (classe.isPending && !classe.isError) return null;
    const tipoValido = tipoUrl !== null && (!classe.data || motivoTipoJuntadaRecusado(tipoUrl, classe.data) === null);
    if (!tipoValido) return 0;
    if (idUrl === null || numeroUrl === null) return 1;
    if (candidatos.isPending) return null;
    return candidatos.data?.some((c) => c.idDocumento === idUrl) ? 2 : 1;
  }

  // Back and Forward bring the choices of that step back into the form.
  useEffect(() => {
    if (tipoUrl) setValue('tipo', tipoUrl);
    if (numeroUrl) setValue('numero', numeroUrl);
    if (idUrl !== null) setValue('idDocumento', idUrl);
  }, [tipoUrl, numeroUrl, idUrl, setValue]);

  // Only one kind of join allowed: it is the choice.
  const unicoPermitido = tiposPermitidos.length === 1 ? (tiposPermitidos[0] ?? null) : null;
  useEffect(() => {
    if (unicoPermitido && getValues('tipo') !== unicoPermitido) setValue('tipo', unicoPermitido);
  }, [unicoPermitido, getValues, setValue]);

  // A search that found exactly one document chooses it; one that found none says so (spec §8 "Joining").
  useEffect(() => {
    if (!numeroUrl || candidatos.isPending) return;
    if (candidatos.data?.length === 1) setValue('idDocumento', candidatos.data[0]?.idDocumento ?? null);
  }, [numeroUrl, candidatos.isPending, candidatos.data, setValue]);
  const erroBusca = candidatos.error
    ? candidatos.error instanceof ErroHttp && candidatos.error.status === 404
      ? MENSAGENS.juntada.nenhumCandidato
      : mensagemDoErro(candidatos.error, TEXTOS.erroBusca)
    : null;
  useErroConsulta(candidatos.error, () => erroBusca ?? TEXTOS.erroBusca);

  /** The next step once the step's own field passes the schema; otherwise its message shows on the step. */
  async function avancar(evento: FormEvent, campo: 'tipo' | 'idDocumento', proximo: number) {
    evento.preventDefault();
    if (!(await trigger(campo))) {
      setErro(formulario.getFieldState(campo).error?.message ?? null);
      return;
    }
    const valores = getValues();
    irPara(proximo, campo === 'tipo' ? { tipo: valores.tipo } : { documento: valores.idDocumento });
  }

  function buscar() {
    const texto = getValues('numero').trim();
    setValue('idDocumento', null);
    if (!/\d/.test(texto)) {
      irPara(1, { numero: null, documento: null }, { substituir: true });
      setErro(MENSAGENS.juntada.numeroObrigatorio);
      return;
    }
    setErro(null);
    // The same search again asks the server again (the documents may have changed meanwhile).
    if (texto === numeroUrl) void candidatos.refetch();
    else irPara(1, { numero: texto, documento: null }, { substituir: true });
  }

  async function confirmar() {
    if (!selecionado || !tipoUrl) return;
    try {
      await executar('Juntando documentos', () =>
        juntar.mutateAsync({
          idDocumento: selecionado.idDocumento,
          tipoAgregacao: tipoUrl === 'ANEXACAO' ? TIPO_JUNTADA_ANEXAR : TIPO_JUNTADA_APENSAR,
        }),
      );
      setConfirmando(false);
      snackbar.sucesso(MENSAGENS.juntada.juntados);
      navigate(`/documentos/${idDocumento}`);
    } catch (falha) {
      setConfirmando(false);
      snackbar.erro(mensagemErroJuntada(falha));
    }
  }

  const numeroPai = documento.data?.numero ?? '';
  const acao = passo === 2 && tipoUrl ? ACOES[tipoUrl] : tipo ? ACOES[tipo] : null;

  return (
    <Pagina
      titulo="Juntada de documentos"
      descricao={numeroPai ? `Anexe ou apense outro documento ao documento ${numeroPai}.` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stepper activeStep={passo} alternativeLabel sx={{ mb: 4 }}>
          {PASSOS.map((rotulo) => (
            <Step key={rotulo}>
              <StepLabel>{rotulo}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {(erro ?? (passo === 1 ? erroBusca : null)) ? (
          <Alert severity="error" sx={{ mb: 3 }} role="alert">
            {erro ?? erroBusca}
          </Alert>
        ) : null}

        <FormProvider {...formulario}>
          {passo === 0 ? (
            <EtapaAssistente {...etapa(0)} aoEnviar={(evento) => avancar(evento, 'tipo', 1)}>
              {classe.isPending ? <Typography>Carregando os tipos de juntada…</Typography> : null}
              {classe.isPending ? null : (
                <CampoOpcoesControlado
                  control={control}
                  name="tipo"
                  rotulo="Tipo de juntada"
                  opcoes={tiposPermitidos.map(opcaoTipo)}
                  aoMudar={() => setErro(null)}
                />
              )}
              {TIPOS_AGREGACAO.filter((chave) => motivos[chave] !== null).map((chave) => (
                <Alert key={chave} severity="info" data-testid="tipo-nao-oferecido">
                  {ACOES[chave].rotulo} não é oferecido para o documento {numeroPai}: {motivos[chave]}.
                </Alert>
              ))}
            </EtapaAssistente>
          ) : null}

          {passo === 1 ? (
            <EtapaAssistente
              {...etapa(1)}
              aoEnviar={(evento) => avancar(evento, 'idDocumento', 2)}
              aoVoltar={() => irPara(0)}
            >
              <EtapaDocumentoJuntada
                candidatos={lista}
                buscando={numeroUrl !== null && candidatos.isFetching}
                aoBuscar={buscar}
                aoEscolher={() => setErro(null)}
              />
            </EtapaAssistente>
          ) : null}
        </FormProvider>

        {passo === 2 && acao && selecionado ? (
          <EtapaAssistente
            {...etapa(2)}
            aoEnviar={(evento) => {
              evento.preventDefault();
              setConfirmando(true);
            }}
            aoVoltar={() => irPara(1)}
            botaoEnviar={
              <Button type="submit" variant="contained" startIcon={<LinkOutlined />}>
                {acao.rotulo}
              </Button>
            }
          >
            <Typography>
              O documento <strong>{selecionado.numero}</strong> ({selecionado.tipo}) será {acao.verbo} ao documento{' '}
              <strong>{numeroPai}</strong>.
            </Typography>
          </EtapaAssistente>
        ) : null}
      </Paper>
      <DialogoConfirmacao
        aberto={confirmando}
        titulo={acao ? `${acao.rotulo} documento` : 'Juntar documento'}
        ocupado={juntar.isPending}
        aoCancelar={() => setConfirmando(false)}
        aoConfirmar={confirmar}
      >
        Confirma que o documento {selecionado?.numero} será {acao?.verbo} ao documento {numeroPai}?
      </DialogoConfirmacao>
    </Pagina>
  );
}
