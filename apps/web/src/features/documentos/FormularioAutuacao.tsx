import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { Button, Stack } from '@mui/material';
import { type Autuacao, MENSAGENS_AUTUACAO, MENSAGENS_GERAL } from '@tramite/shared';
import { lazy, useEffect, useRef, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SIGLA_INSTITUICAO } from '../../app/config';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { marcarErrosDoServidor } from '../../components/formulario/erros-servidor';
import { Formulario } from '../../components/formulario/Formulario';
import { SobDemanda } from '../../components/SobDemanda';
import { mensagemDoErro } from '../../lib/api';
import { useAvisoSaida } from '../../lib/use-aviso-saida';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useAssuntosDoTipo, useTiposDocumentos } from '../tipos-documentos/api';
import { buscarDocumentoPorNumero, useSalvarAutuacao, useTiposInteressados, useUnidadesProcedencia } from './api';
import { type CamposAutuacao, type ContextoValidacao, ORDEM_CAMPOS, resolverAutuacao } from './campos-autuacao';
import {
  SecaoAssunto,
  SecaoDocumento,
  SecaoDocumentoOrigem,
  SecaoInteressado,
  SecaoObservacao,
} from './SecoesAutuacao';
import { TEXTOS } from './textos';

// The confirmation loads when first asked for (issue 23).
const DialogoConfirmacao = lazy(async () => ({
  default: (await import('../../components/DialogoConfirmacao')).DialogoConfirmacao,
}));

interface FormularioAutuacaoProps {
  /** The document being edited, or null for a new opening. */
  idDocumento: number | null;
  valoresIniciais: CamposAutuacao;
}

/** The opening form of spec §2 (new opening and editing), validated by the shared rules of spec §5. */
export function FormularioAutuacao({ idDocumento, valoresIniciais }: FormularioAutuacaoProps) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const salvar = useSalvarAutuacao(idDocumento);
  const edicao = idDocumento !== null;
  const [pendente, setPendente] = useState<Autuacao | null>(null);
  // The resolver reads the subjects of the chosen type through the form's context (loaded after useForm).
  const contexto = useRef<ContextoValidacao>({ assuntos: undefined });

  const formulario = useForm<CamposAutuacao, ContextoValidacao, Autuacao>({
    defaultValues: valoresIniciais,
    resolver: resolverAutuacao,
    context: contexto.current,
  });
  const { control, setValue, getValues, setError, clearErrors, formState } = formulario;
  const idTipoDocumento = useWatch({ control, name: 'idTipoDocumento' });
  const aviso = useAvisoSaida(
    formState.isDirty,
    edicao
      ? 'As alterações desta autuação ainda não foram salvas e serão perdidas.'
      : 'Os dados preenchidos nesta autuação ainda não foram salvos e serão perdidos.',
  );

  const tipos = useTiposDocumentos();
  const unidades = useUnidadesProcedencia(true);
  const tiposInteressados = useTiposInteressados(idTipoDocumento);
  const assuntos = useAssuntosDoTipo(idTipoDocumento);
  useErroConsulta(tipos.error, MENSAGENS_AUTUACAO.erroCarregarTiposDocumento);
  useErroConsulta(unidades.error, MENSAGENS_AUTUACAO.erroCarregarUnidadesProcedencia);
  useErroConsulta(tiposInteressados.error, MENSAGENS_AUTUACAO.erroCarregarTiposInteressados);
  useErroConsulta(assuntos.error, MENSAGENS_AUTUACAO.erroCarregarListaAssuntos);
  contexto.current.assuntos = assuntos.data;

  // Spec §2: a type whose list has exactly one assignable subject gets it pre-selected.
  useEffect(() => {
    if (!assuntos.data || getValues('idAssunto') !== null) return;
    const atribuiveis = assuntos.data.filter((assunto) => assunto.atribuivel);
    if (atribuiveis.length === 1 && atribuiveis[0]) setValue('idAssunto', atribuiveis[0].id);
  }, [assuntos.data, getValues, setValue]);

  // A type of interested party that the chosen document type does not accept is dropped with its party.
  useEffect(() => {
    const atual = getValues('tipoInteressado');
    if (!tiposInteressados.data || atual === null) return;
    if (!tiposInteressados.data.some((tipo) => tipo.codigo === atual)) {
      setValue('tipoInteressado', null);
      setValue('idInteressado', null);
    }
  }, [tiposInteressados.data, getValues, setValue]);

  const aoInvalidar = (erros: FieldErrors<CamposAutuacao>) => {
    const primeiro = ORDEM_CAMPOS.map((campo) => erros[campo]?.message).find(Boolean);
    snackbar.erro(primeiro ?? MENSAGENS_GERAL.parametrosInvalidos);
  };

  async function confirmar() {
    if (!pendente) return;
    const autuacao = pendente;
    setPendente(null);
    try {
      const documento = await executar('Salvando autuação', () => salvar.mutateAsync(autuacao));
      const id = documento?.idDocumento ?? idDocumento;
      snackbar.sucesso(edicao ? TEXTOS.autuacaoAlterada : TEXTOS.autuado(documento?.numero ?? ''));
      aviso.liberar();
      await navigate(`/documentos/${id}`);
    } catch (erro) {
      marcarErrosDoServidor(erro, ORDEM_CAMPOS, setError);
      snackbar.erro(mensagemDoErro(erro, TEXTOS.erroSalvarAutuacao));
    }
  }

  async function buscarDocumentoOrigem() {
    const numero = getValues('numeroDocumentoOrigem').trim();
    if (!numero) {
      setError('numeroDocumentoOrigem', { type: 'validate', message: 'Informe o número do documento de origem' });
      return;
    }
    try {
      const pagina = await executar('Buscando documento de origem', () => buscarDocumentoPorNumero(numero));
      const encontrado = pagina.total === 1 ? pagina.itens[0] : undefined;
      if (!encontrado) {
        setError('numeroDocumentoOrigem', {
          type: 'validate',
          message: MENSAGENS_AUTUACAO.documentoOrigemNaoEncontrado,
        });
        snackbar.erro(MENSAGENS_AUTUACAO.documentoOrigemNaoEncontrado);
        return;
      }
      setValue('numeroDocumentoOrigem', encontrado.numero);
      setValue('emissorDocumentoOrigem', SIGLA_INSTITUICAO);
      clearErrors(['numeroDocumentoOrigem', 'emissorDocumentoOrigem']);
    } catch {
      snackbar.erro(MENSAGENS_AUTUACAO.documentoOrigemNaoEncontrado);
    }
  }

  return (
    <Formulario
      formulario={formulario}
      aoEnviar={(autuacao) => setPendente(autuacao)}
      aoInvalidar={aoInvalidar}
      aria-label={edicao ? 'Edição de autuação' : 'Nova autuação'}
    >
      <Stack spacing={3}>
        <SecaoDocumento tipos={tipos} unidades={unidades} />
        <SecaoInteressado tiposInteressados={tiposInteressados.data} />
        <SecaoAssunto assuntos={assuntos} />
        <SecaoDocumentoOrigem aoBuscarNumero={buscarDocumentoOrigem} />
        <SecaoObservacao />
        <Stack direction="row" spacing={2}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveOutlined />}
            disabled={formState.isSubmitting || salvar.isPending}
          >
            {edicao ? 'Salvar alterações' : 'Autuar'}
          </Button>
          {edicao ? (
            <Button component={RouterLink} to={`/documentos/${idDocumento}`}>
              Voltar ao documento
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <SobDemanda aberto={pendente !== null}>
        <DialogoConfirmacao
          aberto={pendente !== null}
          titulo={edicao ? 'Confirmar alteração' : 'Confirmar autuação'}
          aoCancelar={() => setPendente(null)}
          aoConfirmar={confirmar}
        >
          {edicao
            ? 'Deseja salvar as alterações desta autuação?'
            : 'Deseja autuar este documento? Ele receberá um número de protocolo (NUP) e ficará em criação na sua unidade.'}
        </DialogoConfirmacao>
      </SobDemanda>
      {aviso.dialogo}
    </Formulario>
  );
}
