import { zodResolver } from '@hookform/resolvers/zod';
import {
  type IncluirDiaNaoUtil,
  incluirDiaNaoUtilSchema,
  MENSAGENS,
  ROTULOS_TIPO_DIA_NAO_UTIL,
  TAMANHO_MAXIMO_DESCRICAO_DIA_NAO_UTIL,
  TIPOS_DIA_NAO_UTIL_INSTITUCIONAL,
} from '@tramite/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { CampoData } from '../../components/CampoData';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoDataControlado } from '../../components/formulario/CampoDataControlado';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoEdicao } from '../../components/formulario/DialogoEdicao';
import { marcarErrosDoServidor } from '../../components/formulario/erros-servidor';
import { FormularioDialogo } from '../../components/formulario/FormularioDialogo';
import { ErroHttp, mensagemComDetalhe } from '../../lib/api';
import { useIncluirDiaNaoUtil } from './api';
import { TEXTOS_CALENDARIO as T } from './textos';

const ID_TITULO = 'titulo-dialogo-dia-nao-util';
const CAMPOS: readonly FieldPath<IncluirDiaNaoUtil>[] = ['data', 'descricao', 'tipo'];
const OPCOES_TIPO = TIPOS_DIA_NAO_UTIL_INSTITUCIONAL.map((tipo) => ({
  valor: tipo,
  rotulo: ROTULOS_TIPO_DIA_NAO_UTIL[tipo],
}));

interface DialogoDiaNaoUtilProps {
  aberto: boolean;
  /** A date to start with (YYYY-MM-DD), or '' for none. */
  dataInicial: string;
  onFechar: () => void;
  /** Called with the day once the server has it. */
  onIncluido: (data: string) => void;
}

/** Adds one of the institution's days without work: a date, its description and its kind. */
export function DialogoDiaNaoUtil({ aberto, dataInicial, onFechar, onIncluido }: DialogoDiaNaoUtilProps) {
  return (
    <DialogoEdicao aberto={aberto} idTitulo={ID_TITULO} titulo={T.tituloDialogo} aoFechar={onFechar}>
      <FormularioDia dataInicial={dataInicial} onFechar={onFechar} onIncluido={onIncluido} />
    </DialogoEdicao>
  );
}

function FormularioDia({ dataInicial, onFechar, onIncluido }: Omit<DialogoDiaNaoUtilProps, 'aberto'>) {
  const incluir = useIncluirDiaNaoUtil();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(incluirDiaNaoUtilSchema),
    defaultValues: { data: dataInicial, descricao: '', tipo: 'FERIADO_LOCAL' as const },
  });

  const enviar = handleSubmit(async (dados) => {
    try {
      await executar(T.salvando, () => incluir.mutateAsync(dados));
      snackbar.sucesso(MENSAGENS.calendario.incluido);
      onIncluido(dados.data);
      onFechar();
    } catch (erro) {
      // A date that already is no business day is about the date: said under it, as well as in the snackbar.
      if (erro instanceof ErroHttp && erro.status === 409 && erro.mensagemServidor) {
        setError('data', { type: 'server', message: erro.mensagemServidor });
      }
      marcarErrosDoServidor(erro, CAMPOS, setError);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.calendario.erroIncluir, erro));
    }
  });

  return (
    <FormularioDialogo
      idTitulo={ID_TITULO}
      aoEnviar={enviar}
      aoCancelar={onFechar}
      enviando={formState.isSubmitting}
      rotuloEnviar="Incluir"
    >
      <CampoDataControlado
        Campo={CampoData}
        control={control}
        name="data"
        id="campo-data-dia-nao-util"
        rotulo="Data"
        obrigatorio
        textoAjuda={T.ajudaData}
      />
      <CampoTextoControlado
        control={control}
        name="descricao"
        id="campo-descricao-dia-nao-util"
        label="Descrição"
        required
        maxLength={TAMANHO_MAXIMO_DESCRICAO_DIA_NAO_UTIL}
        textoAjuda={T.ajudaDescricao}
      />
      <CampoSelecaoControlado
        control={control}
        name="tipo"
        id="campo-tipo-dia-nao-util"
        rotulo="Tipo"
        required
        opcoes={OPCOES_TIPO}
      />
    </FormularioDialogo>
  );
}
